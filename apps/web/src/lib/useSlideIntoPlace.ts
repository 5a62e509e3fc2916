import { type RefObject, useLayoutEffect, useRef } from 'react';

const SLIDE = { duration: 250, easing: 'cubic-bezier(0.4, 0, 0.2, 1)' } as const;

/**
 * When `cause` changes and the element has moved down the page (something above it appeared), draws it where it
 * was and slides it to its new place. A jump there would count as a layout shift (CLS); a transform from where the
 * eye already had it does not, and the reader sees where it went. With reduced motion it moves at once.
 */
export function useSlideIntoPlace(ref: RefObject<HTMLElement | null>, cause: unknown): void {
  const lastTop = useRef<number | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the element is measured again when its cause changes.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    const before = lastTop.current;
    lastTop.current = top;
    if (before === undefined || top <= before) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    element.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'none' }], SLIDE);
  }, [ref, cause]);
}
