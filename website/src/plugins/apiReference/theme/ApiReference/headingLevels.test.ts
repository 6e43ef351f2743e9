// @vitest-environment jsdom
import {describe, expect, it} from 'vitest';
import {setSubHeadingLevels, subHeadingLevels, withSubHeadingLevels} from './headingLevels';

describe('subHeadingLevels', () => {
  it("puts Redoc's h5 one level below the heading it follows, siblings at the same level", () => {
    // An operation (h2): "Authorizations:", "path Parameters", "Request Body schema" (h5), then
    // "Responses" (h3) with a response's "Response Schema" (h5), then the samples (h3), the next operation.
    expect(subHeadingLevels([1, 2, 5, 5, 5, 3, 5, 3, 3, 2, 5])).toEqual([
      undefined,
      undefined,
      3,
      3,
      3,
      undefined,
      4,
      undefined,
      undefined,
      undefined,
      3,
    ]);
  });

  it('leaves an h5 that is already in order, or that follows no heading, and every other heading', () => {
    expect(subHeadingLevels([4, 5, 5])).toEqual([undefined, undefined, undefined]);
    expect(subHeadingLevels([5, 2])).toEqual([undefined, undefined]);
    expect(subHeadingLevels([1, 3, 6, 2, 4])).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(subHeadingLevels([])).toEqual([]);
  });
});

describe('withSubHeadingLevels', () => {
  it('adds aria-level to the h5 tags that need it, and changes nothing else', () => {
    const html =
      '<h2 class="a">Op</h2><h5 class="b">path Parameters</h5><h5>Request Body schema</h5>' +
      '<h3>Responses</h3><h5 class="b">Response Schema: <span>application/json</span></h5>' +
      '<header>not a heading</header><h4>x</h4><h5>in order</h5>';
    expect(withSubHeadingLevels(html)).toBe(
      '<h2 class="a">Op</h2><h5 aria-level="3" class="b">path Parameters</h5><h5 aria-level="3">Request Body schema</h5>' +
        '<h3>Responses</h3><h5 aria-level="4" class="b">Response Schema: <span>application/json</span></h5>' +
        '<header>not a heading</header><h4>x</h4><h5>in order</h5>',
    );
  });

  it('reads escaped markup as text, not as headings, and keeps an aria-level already given', () => {
    const html = '<h2>Op</h2><pre>&lt;h2&gt;</pre><h5 aria-level="2">given</h5><h5>next</h5>';
    expect(withSubHeadingLevels(html)).toBe(
      '<h2>Op</h2><pre>&lt;h2&gt;</pre><h5 aria-level="2">given</h5><h5 aria-level="3">next</h5>',
    );
  });

  it('returns markup without headings unchanged', () => {
    expect(withSubHeadingLevels('<p>no headings</p>')).toBe('<p>no headings</p>');
  });
});

describe('setSubHeadingLevels', () => {
  it('sets the levels on a rendered tree, corrects a wrong one, and leaves what is in order', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<h2>Op</h2><div><h5>path Parameters</h5></div><h3>Responses</h3><h5 aria-level="3">Response Schema</h5>' +
      '<h4>x</h4><h5>in order</h5>';
    setSubHeadingLevels(root);
    expect(Array.from(root.querySelectorAll('h5'), (heading) => heading.getAttribute('aria-level'))).toEqual([
      '3',
      '4',
      null,
    ]);
    // A heading Redoc adds later (a response opened) gets its level on the next scan.
    root.insertAdjacentHTML('beforeend', '<h3>Responses</h3><h5>Response Schema</h5>');
    setSubHeadingLevels(root);
    expect(root.lastElementChild!.getAttribute('aria-level')).toBe('4');
  });
});
