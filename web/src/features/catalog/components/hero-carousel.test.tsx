import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carouselIntervalMs, HeroCarousel } from './hero-carousel.tsx';

function renderCarousel() {
  render(
    <MemoryRouter>
      <HeroCarousel />
      <a href="/elsewhere">Elsewhere</a>
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Promotions' });
}

/** The slide a shopper can see and reach; the other is inert. */
function currentSlideElement(): HTMLElement {
  const live = screen.getAllByRole('group').filter((slide) => !slide.hasAttribute('inert'));
  expect(live).toHaveLength(1);
  return live[0] as HTMLElement;
}

function currentSlide(): string {
  return currentSlideElement().getAttribute('aria-label') ?? '';
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

describe('hero carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the two promotions, each with Shop Now and Explore Categories', () => {
    renderCarousel();
    expect(screen.getByRole('heading', { name: '20% off your first order' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy 15+ per style, pay wholesale' })).toBeInTheDocument();
    expect(screen.getByText(/WELCOME20 at checkout/)).toBeInTheDocument();
    const slide = within(currentSlideElement());
    expect(slide.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    expect(slide.getByRole('link', { name: 'Explore Categories' })).toHaveAttribute('href', '/categories');
  });

  it('moves on every 10 seconds and wraps', () => {
    renderCarousel();
    expect(currentSlide()).toBe('1 of 2');
    advance(carouselIntervalMs - 1);
    expect(currentSlide()).toBe('1 of 2');
    advance(1);
    expect(currentSlide()).toBe('2 of 2');
    advance(carouselIntervalMs);
    expect(currentSlide()).toBe('1 of 2');
  });

  it('waits while the pointer is over it', () => {
    const carousel = renderCarousel();
    fireEvent.pointerEnter(carousel);
    advance(carouselIntervalMs * 3);
    expect(currentSlide()).toBe('1 of 2');
    fireEvent.pointerLeave(carousel);
    advance(carouselIntervalMs);
    expect(currentSlide()).toBe('2 of 2');
  });

  it('waits while focus is inside', () => {
    renderCarousel();
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    advance(carouselIntervalMs * 3);
    expect(currentSlide()).toBe('1 of 2');
    act(() => screen.getByRole('link', { name: 'Elsewhere' }).focus());
    advance(carouselIntervalMs);
    expect(currentSlide()).toBe('2 of 2');
  });

  it('moves with the arrows and dots', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe('2 of 2');
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 1/ }));
    expect(currentSlide()).toBe('1 of 2');
    expect(screen.getByRole('button', { name: /^Show slide 1/ })).toHaveAttribute('aria-current', 'true');
  });

  it('stops when asked', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
    advance(carouselIntervalMs * 2);
    expect(currentSlide()).toBe('1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Start slide rotation' }));
    advance(carouselIntervalMs);
    expect(currentSlide()).toBe('2 of 2');
  });

  it('never moves by itself when the system asks for reduced motion', () => {
    stubReducedMotion(true);
    renderCarousel();
    advance(carouselIntervalMs * 3);
    expect(currentSlide()).toBe('1 of 2');
    expect(screen.queryByRole('button', { name: 'Stop slide rotation' })).not.toBeInTheDocument();
  });
});
