import type { Page } from 'playwright-core';
import { isAccepted } from './accepted-violations';

/** WCAG 2.2's minimum target size (SC 2.5.8), in CSS pixels. */
export const MINIMUM_TARGET = 24;

/** What a person can point at: links, controls, and whatever the page made focusable or gave a widget role. */
const TARGETS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
  ...[
    'button',
    'link',
    'checkbox',
    'radio',
    'switch',
    'tab',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'slider',
    'combobox',
    'treeitem',
  ].map((role) => `[role="${role}"]`),
].join(',');

/**
 * The targets on the page smaller than 24×24 px that SC 2.5.8's spacing exception does not excuse, described as
 * `tag.classes "text" W×H`, less those support/accepted-violations.ts accepts (rule `target-size`).
 *
 * The spacing exception: a 24 px circle centred on the undersized target's box must intersect no other target and
 * no other undersized target's circle. Inline links in a sentence are exempt (the SC's inline exception), as are
 * targets nobody can reach now: hidden, disabled, or behind a modal (aria-hidden or inert).
 */
export async function undersizedTargets(page: Page): Promise<string[]> {
  const found = await page.evaluate(
    ({ selector, minimum }) => {
      function reachable(element: Element): boolean {
        if (element.closest('[aria-hidden="true"], [inert]')) return false;
        if ((element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true') return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.pointerEvents === 'none') return false;
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      }
      /** A link that flows inside a sentence: inline, with text of its block on either side. */
      function inSentence(element: Element): boolean {
        if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
        let block = element.parentElement;
        while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
        const own = (element.textContent ?? '').trim();
        const around = (block?.textContent ?? '').replace(own, '').trim();
        return around.length > 0;
      }
      function describe(element: Element, box: DOMRect): string {
        const classes = Array.from(element.classList)
          .filter((name) => !name.startsWith('css-'))
          .slice(0, 3)
          .map((name) => `.${name}`)
          .join('');
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}${classes} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      }

      const targets = Array.from(document.querySelectorAll(selector)).filter(reachable);
      // A control's own parts (the input inside a MUI checkbox, a button inside a link) are one target, not two.
      const distinct = targets.filter((target) => !targets.some((other) => other !== target && other.contains(target)));
      const boxes = distinct.map((element) => ({ element, box: element.getBoundingClientRect() }));
      const small = boxes.filter(({ element, box }) => {
        if (box.width >= minimum - 0.5 && box.height >= minimum - 0.5) return false;
        return !inSentence(element);
      });
      const radius = minimum / 2;
      const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
      const failing: string[] = [];
      for (const subject of small) {
        const c = centre(subject.box);
        const crowdedBy = boxes.find(({ element, box }) => {
          if (element === subject.element) return false;
          // The circle meets the other target's box when the box's nearest point lies within the radius.
          const nearestX = Math.max(box.left, Math.min(c.x, box.right));
          const nearestY = Math.max(box.top, Math.min(c.y, box.bottom));
          if (Math.hypot(nearestX - c.x, nearestY - c.y) < radius - 0.01) return true;
          // Two undersized targets' circles overlap when their centres are closer than one diameter.
          if (!small.some((other) => other.element === element)) return false;
          const o = centre(box);
          return Math.hypot(o.x - c.x, o.y - c.y) < minimum - 0.01;
        });
        if (crowdedBy) {
          failing.push(
            `${describe(subject.element, subject.box)} crowds ${describe(crowdedBy.element, crowdedBy.box)}`,
          );
        }
      }
      return failing;
    },
    { selector: TARGETS, minimum: MINIMUM_TARGET },
  );
  return found.filter((description) => !isAccepted('target-size', description));
}
