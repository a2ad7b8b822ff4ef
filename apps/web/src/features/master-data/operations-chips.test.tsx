import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperationsChips } from './operations-chips.tsx';
import { encodeOperations, parseOperations } from '@tagih/contract';

describe('operations', () => {
  it('reads the JSON string the API sends, in read/create/update/delete order', () => {
    expect(parseOperations('["delete","read"]')).toEqual(['read', 'delete']);
    expect(parseOperations(['update'])).toEqual(['update']);
    expect(parseOperations('not json')).toEqual([]);
    expect(encodeOperations(['delete', 'create'])).toBe('["create","delete"]');
  });

  it('shows each operation in its colour: read green, create blue, update yellow, delete red', () => {
    render(<OperationsChips value='["read","create","update","delete"]' />);
    const chip = (name: string) => screen.getByText(name).closest('.MuiChip-root');
    expect(chip('read')).toHaveClass('MuiChip-colorSuccess');
    expect(chip('create')).toHaveClass('MuiChip-colorInfo');
    expect(chip('update')).toHaveClass('MuiChip-colorWarning');
    expect(chip('delete')).toHaveClass('MuiChip-colorError');
  });

  it('shows N/A when there is nothing', () => {
    render(<OperationsChips value="[]" />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });
});
