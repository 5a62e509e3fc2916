// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeHtml } from './render-markdown';

const dom = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

describe('renderMarkdown', () => {
  it("renders Markdown's elements", () => {
    const html = renderMarkdown(
      '# Paying\n\nBy **direct debit** or *card*:\n\n- online\n- by phone\n\n[Bills](https://example.com/bills)',
    );
    const content = dom(html);
    expect(content.querySelector('h3')?.textContent).toBe('Paying');
    expect(content.querySelector('strong')?.textContent).toBe('direct debit');
    expect(content.querySelectorAll('li')).toHaveLength(2);
    const link = content.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/bills');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('keeps headings below the level it is given, and at h6 at most', () => {
    expect(dom(renderMarkdown('# One\n\n###### Six', 4)).querySelector('h4')?.textContent).toBe('One');
    expect(dom(renderMarkdown('###### Six', 4)).querySelector('h6')?.textContent).toBe('Six');
    expect(dom(renderMarkdown('# One', 2)).querySelector('h2')?.textContent).toBe('One');
  });

  it('leaves raw HTML out, keeping the words between the tags', () => {
    const content = dom(
      renderMarkdown('Call <b onclick="x()">us</b> today.\n\n<div>\n<script>alert(1)</script>\n</div>'),
    );
    expect(content.textContent?.trim()).toBe('Call us today.');
    expect(content.querySelectorAll('b, div, script')).toHaveLength(0);
  });

  it("takes a javascript: link's address away, and an image altogether", () => {
    const content = dom(renderMarkdown('[click me](javascript:alert(1)) ![pixel](https://tracker.example/p.gif)'));
    expect(content.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(content.textContent).toContain('click me');
    expect(content.querySelectorAll('img')).toHaveLength(0);
  });

  it('sanitises raw HTML: drops scripts, frames, images, styles, event handlers and script links, keeping the words', () => {
    const html = sanitizeHtml(
      [
        'Before <img src=x onerror="window.__xss=1"> after',
        '<script>window.__xss=2</script>',
        '<a href="javascript:window.__xss=3">click me</a>',
        '<iframe src="https://example.com"></iframe>',
        '<a href="JaVaScRiPt:alert(1)">caps</a> <a href="data:text/html,hi">data</a>',
        '<p onclick="alert(1)" style="color:red">styled</p><style>body{}</style>',
        '<svg><script>alert(1)</script></svg><form action="/x"><input name=a></form>',
      ]
        .map((line) => `<p>${line}</p>`)
        .join(''),
    );
    const content = dom(html);
    expect(content.querySelectorAll('script, iframe, img, style, svg, form, input')).toHaveLength(0);
    for (const element of content.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on|^style$/i);
        expect(attribute.value).not.toMatch(/^\s*(javascript|data):/i);
      }
    }
    expect(content.textContent).toContain('Before');
    expect(content.textContent).toContain('click me');
    expect(content.textContent).toContain('caps');
    expect(content.textContent).toContain('styled');
  });
});
