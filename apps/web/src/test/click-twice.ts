import { act, fireEvent } from '@testing-library/react';

/**
 * Two clicks in one tick, nothing rendered between them: what a quick double click can do before
 * the first click's "busy" state reaches the screen. (user-event's dblClick lets React render
 * between its clicks, so a button disabled by state alone passes it.)
 */
export function clickTwiceAtOnce(element: HTMLElement): void {
  act(() => {
    fireEvent.click(element);
    fireEvent.click(element);
  });
}
