import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ModalLayer } from './modal-layer.tsx';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <a href="/shop">Behind the layer</a>
      <ModalLayer open={open} onClose={() => setOpen(false)} labelledBy="settings-title" overlayClassName="overlay" className="panel">
        <h2 id="settings-title">Settings</h2>
        <button type="button">First</button>
        <fieldset>
          <legend>Currency</legend>
          <label>
            <input type="radio" name="currency" value="JMD" defaultChecked /> JMD
          </label>
          <label>
            <input type="radio" name="currency" value="USD" /> USD
          </label>
        </fieldset>
      </ModalLayer>
    </>
  );
}

async function openLayer() {
  const user = userEvent.setup();
  render(<Page />);
  await user.click(screen.getByRole('button', { name: 'Open settings' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Settings' }) };
}

describe('modal layer', () => {
  it('starts focus on the first control and keeps Tab inside, a radio group being one stop', async () => {
    const { user, dialog } = await openLayer();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();

    await user.tab();
    expect(screen.getByRole('radio', { name: 'JMD' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'JMD' })).toHaveFocus();
  });

  it('makes the page behind inert and still while open, and gives it back on close', async () => {
    const { user } = await openLayer();
    const behind = screen.getByRole('link', { name: 'Behind the layer', hidden: true });
    expect(behind.closest('[inert]')).not.toBeNull();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(behind.closest('[inert]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(screen.getByRole('button', { name: 'Open settings' })).toHaveFocus();
  });

  it('closes on a click on the backdrop', async () => {
    const { user } = await openLayer();
    const backdrop = document.querySelector('.overlay');
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
