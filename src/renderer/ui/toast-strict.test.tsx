// A file of its own: it needs the toast module fresh, before any toast of this test run has loaded the library.
import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { expect, it } from 'vitest';

it('shows the first toast of a page in a StrictMode app (development build)', async () => {
  const { showToast, Toaster } = await import('./toast');
  render(
    <StrictMode>
      <Toaster />
    </StrictMode>,
  );
  act(() => showToast('Password updated successfully.'));
  expect(await screen.findByRole('status', {}, { timeout: 3000 })).toHaveTextContent('Password updated successfully.');
});
