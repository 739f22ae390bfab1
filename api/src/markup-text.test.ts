import { describe, expect, it } from 'vitest';
import { escapeHtml } from './markup-text.ts';

describe('text put into HTML or XML', () => {
  it('escapes what would end a text or an attribute, the ampersand once', () => {
    expect(escapeHtml(`Tees & <Hats> "drops" 'n' more`)).toBe('Tees &amp; &lt;Hats&gt; &quot;drops&quot; &#39;n&#39; more');
    expect(escapeHtml('&lt;already&gt;')).toBe('&amp;lt;already&amp;gt;');
    expect(escapeHtml('Zoë Ōkafor 王')).toBe('Zoë Ōkafor 王');
  });
});
