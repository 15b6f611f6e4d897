import { fireEvent as domFireEvent, type FireObject } from '@testing-library/dom';
import { act } from 'preact/test-utils';

/**
 * Testing Library for the app's renderer (Preact through preact/compat; docs/performance.md). Everything
 * is @testing-library/preact's except `fireEvent`: its own turns every `change` into `input`, as older
 * compat did, but preact/compat 11 listens for `change` on a <select>, checkbox and radio, as a browser
 * fires it there. This one fires the event asked for, like a browser, inside `act()` so the screen is
 * redrawn before the test's next line.
 */
export { act, cleanup, render, screen, waitFor } from '@testing-library/preact';

function inAct<A extends unknown[]>(fire: (...args: A) => boolean) {
  return (...args: A): boolean => {
    let dispatched = false;
    act(() => {
      dispatched = fire(...args);
    });
    return dispatched;
  };
}

const events = Object.fromEntries(
  Object.entries(domFireEvent).map(([name, fire]) => [name, inAct(fire as (...args: unknown[]) => boolean)]),
) as FireObject;

export const fireEvent: typeof domFireEvent = Object.assign(inAct(domFireEvent), events);
