import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { TopBar } from './top-bar.tsx';

const props = {
  title: 'Transaction VA',
  username: 'budi',
  companyName: 'PT Toko Maju',
  sidebarOpen: false,
  onToggleSidebar: vi.fn(),
};

describe('TopBar', () => {
  it('on a phone names the company under the title (the account menu is an icon there)', () => {
    renderUi(<TopBar {...props} isMobile />);
    expect(screen.getByTestId('top-bar-company')).toHaveTextContent('PT Toko Maju');
    expect(screen.getByText('Transaction VA')).toBeInTheDocument();
  });

  it('on a wider screen leaves the company to the account menu button', () => {
    renderUi(<TopBar {...props} isMobile={false} />);
    expect(screen.queryByTestId('top-bar-company')).toBeNull();
    expect(screen.getByRole('button', { name: /budi/ })).toHaveTextContent('PT Toko Maju');
  });
});
