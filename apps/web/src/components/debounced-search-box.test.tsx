import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useListController, type ListControllerConfig } from '../hooks/use-list-controller.ts';
import { DebouncedSearchBox } from './debounced-search-box.tsx';

afterEach(() => vi.useRealTimers());

/** A screen that keeps only the search in effect, counting its own renders. */
function Screen({ onRender }: { onRender: () => void }) {
  const [search, setSearch] = useState('');
  onRender();
  return (
    <>
      <p data-testid="search">{search}</p>
      <DebouncedSearchBox
        value={search}
        onSearch={setSearch}
        debounceMs={300}
        placeholder="Search"
      />
      <button onClick={() => setSearch('')}>Refresh</button>
    </>
  );
}

describe('DebouncedSearchBox', () => {
  it('hands the text on at once when the box is left (a click on a menu link), without waiting for the pause', () => {
    vi.useFakeTimers();
    render(<Screen onRender={() => undefined} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'PT Maju ' } });
    expect(screen.getByTestId('search')).toHaveTextContent('');
    fireEvent.blur(box);
    expect(screen.getByTestId('search')).toHaveTextContent(/^PT Maju$/);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('search')).toHaveTextContent(/^PT Maju$/);
  });

  it('leaving the box with nothing new typed hands nothing on', () => {
    const onSearch = vi.fn();
    render(
      <DebouncedSearchBox value="INV" onSearch={onSearch} debounceMs={300} placeholder="Search" />,
    );
    fireEvent.blur(screen.getByRole('textbox', { name: 'Search' }));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('hands on the trimmed text once typing pauses, and keystrokes do not re-render the screen', () => {
    vi.useFakeTimers();
    let screenRenders = 0;
    render(<Screen onRender={() => (screenRenders += 1)} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    const before = screenRenders;
    for (const text of ['I', 'IN', 'INV', 'INV '])
      fireEvent.change(box, { target: { value: text } });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByTestId('search')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('search')).toHaveTextContent(/^INV$/);
    expect(box).toHaveValue('INV ');
    // Four keystrokes, one render of the screen: for the search that was handed on.
    expect(screenRenders - before).toBe(1);
  });

  it('applies an emptied box at once and shows a search cleared elsewhere', () => {
    vi.useFakeTimers();
    render(<Screen onRender={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'abc' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: '' } });
    expect(screen.getByTestId('search')).toHaveTextContent('');
    fireEvent.change(box, { target: { value: 'xyz' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(box).toHaveValue('');
  });
});

const LIST: ListControllerConfig = { listPath: '/plain', searchBy: [], filterKeys: [] };

describe('DebouncedSearchBox on a list controller', () => {
  it('one debounced search box: typing waits for the pause, then the URL follows and the page goes back to 1', () => {
    vi.useFakeTimers();
    function Screen() {
      const list = useListController(LIST);
      return (
        <>
          <DebouncedSearchBox
            value={list.state.q}
            onSearch={list.setSearchText}
            debounceMs={300}
            placeholder="Search"
          />
          <output>{`${list.state.q}|${list.state.page}`}</output>
        </>
      );
    }
    const router = createMemoryRouter([{ path: '/list', element: <Screen /> }], {
      initialEntries: ['/list?page=3'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), {
      target: { value: 'rina ' },
    });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('status')).toHaveTextContent('|3');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('rina|1');
    expect(router.state.location.search).toBe('?q=rina');
  });
});
