import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FacetChips } from './facet-chips.tsx';

const sizes = ['1Y', '2T', '4T', '6', '7', '8', '9', '10', '11', '12', '13', 'S', 'M', 'L', 'XL', 'XXL'].map((value, index) => ({
  value,
  count: index + 1,
}));

const chipNames = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((chip) => chip.textContent?.split(' ')[0]);

describe('facet chips', () => {
  it('shows the first twelve values and the rest on request', async () => {
    const user = userEvent.setup();
    render(<FacetChips legend="Size" values={sizes} selected={null} onSelect={vi.fn<(value: string | null) => void>()} />);
    expect(chipNames()).toEqual(sizes.slice(0, 12).map((entry) => entry.value));

    const showAll = screen.getByRole('button', { name: 'Show all 16' });
    expect(showAll).toHaveAttribute('aria-expanded', 'false');
    await user.click(showAll);
    expect(chipNames()).toEqual(sizes.map((entry) => entry.value));
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a chosen value beyond the first twelve in view while collapsed', () => {
    render(<FacetChips legend="Size" values={sizes} selected="XL" onSelect={vi.fn<(value: string | null) => void>()} />);
    expect(screen.getByRole('button', { name: 'XL (15)', pressed: true })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'M (13)' })).not.toBeInTheDocument();
  });

  it('shows a short list whole, with no toggle', () => {
    render(<FacetChips legend="Size" values={sizes.slice(0, 13)} selected={null} onSelect={vi.fn<(value: string | null) => void>()} />);
    expect(screen.getAllByRole('button')).toHaveLength(13);
  });
});
