import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CutText } from './cut-text.tsx';

describe('CutText', () => {
  it('shows the whole text on hover; an id keeps its end when cut (the ellipsis at the start)', () => {
    render(
      <>
        <CutText text="Pembayaran listrik" />
        <CutText text="DEMO-MX0BTQUKE4" keep="end" />
        <CutText text="2026-11-28 13:05:48" wrap />
      </>,
    );
    const plain = screen.getByTitle('Pembayaran listrik');
    expect(plain).toHaveClass('cut-text');
    expect(plain).not.toHaveClass('cut-text-keep-end');
    const id = screen.getByTitle('DEMO-MX0BTQUKE4');
    expect(id).toHaveClass('cut-text-keep-end');
    expect(id).toHaveTextContent('DEMO-MX0BTQUKE4');
    // The id itself is read left to right inside the right-to-left box.
    expect(id.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByTitle('2026-11-28 13:05:48')).toHaveClass('cut-text-wrap');
  });
});
