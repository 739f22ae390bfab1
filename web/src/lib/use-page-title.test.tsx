import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultPageDescription, usePageMeta, usePageTitle, type PageMeta } from './use-page-title.ts';

function metaContent(selector: string): string | null | undefined {
  return document.head.querySelector(selector)?.getAttribute('content');
}

function MetaPage(meta: PageMeta) {
  usePageMeta(meta);
  return null;
}

function TitledPage({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('page meta', () => {
  it('sets the title, description and Open Graph tags of a page', () => {
    render(<MetaPage title="Contact Us" description="Talk to us." />);
    expect(document.title).toBe('Contact Us | Threadline');
    expect(metaContent('meta[name="description"]')).toBe('Talk to us.');
    expect(metaContent('meta[property="og:title"]')).toBe('Contact Us | Threadline');
    expect(metaContent('meta[property="og:description"]')).toBe('Talk to us.');
    expect(metaContent('meta[property="og:url"]')).toBe(`${window.location.origin}${window.location.pathname}`);
  });

  it('gives a page without its own description the default one, so none lingers from the last page', () => {
    const { unmount } = render(<MetaPage title="Contact Us" description="Talk to us." />);
    unmount();
    render(<TitledPage title="Shop" />);
    expect(document.title).toBe('Shop | Threadline');
    expect(metaContent('meta[name="description"]')).toBe(defaultPageDescription);
  });

  it('names the home page after the brand alone', () => {
    render(<MetaPage title={null} />);
    expect(document.title).toBe('Threadline | Clothing & Merch from Kingston, Jamaica');
  });
});
