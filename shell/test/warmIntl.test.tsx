import { render } from '@testing-library/react';
import { whenIdleAfterLoad } from '../src/whenIdle';
import { useWarmIntlWhenIdle, warmIntl } from '../src/warmIntl';

function fakeWindow(readyState: DocumentReadyState, withIdle = true) {
  const listeners: Record<string, () => void> = {};
  const idle: (() => void)[] = [];
  const win = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    removeEventListener: jest.fn(),
    ...(withIdle ? { requestIdleCallback: (fn: () => void) => idle.push(fn), cancelIdleCallback: jest.fn() } : {}),
  } as unknown as Window;
  return { win, listeners, idle };
}

test('work for later runs after the load event and then only when the browser is idle', () => {
  const run = jest.fn();
  const { win, listeners, idle } = fakeWindow('loading');
  whenIdleAfterLoad(run, win);
  expect(idle).toHaveLength(0);
  listeners.load();
  expect(run).not.toHaveBeenCalled();
  idle[0]();
  expect(run).toHaveBeenCalledTimes(1);
});

test('cancelled before the browser is idle, the work never runs', () => {
  const run = jest.fn();
  const { win, idle } = fakeWindow('complete');
  const cancel = whenIdleAfterLoad(run, win);
  cancel();
  idle[0]();
  expect(run).not.toHaveBeenCalled();
  expect(win.cancelIdleCallback).toHaveBeenCalled();
});

test('without requestIdleCallback (Safari) the work runs on a short timer after load', () => {
  jest.useFakeTimers();
  try {
    const run = jest.fn();
    whenIdleAfterLoad(run, fakeWindow('complete', false).win);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(250);
    expect(run).toHaveBeenCalledTimes(1);
  } finally {
    jest.useRealTimers();
  }
});

test("warming makes a date formatter with the visitor's time zone and the areas' locale, and a number formatter", () => {
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  const numbers = jest.spyOn(Intl, 'NumberFormat');
  try {
    warmIntl();
    expect(dates.mock.calls.map((c) => c[0])).toEqual([undefined, 'en-GB']);
    expect(numbers.mock.calls.map((c) => c[0])).toEqual(['en-GB']);
  } finally {
    dates.mockRestore();
    numbers.mockRestore();
  }
});

test('an engine whose Intl throws does not break the page', () => {
  const dates = jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
    throw new RangeError('Incorrect locale information provided');
  });
  try {
    expect(() => warmIntl()).not.toThrow();
  } finally {
    dates.mockRestore();
  }
});

test('the shell warms Intl once the page has loaded and the browser is idle, and not after it is gone', () => {
  const idle: (() => void)[] = [];
  const ric = jest.fn((fn: () => void) => idle.push(fn));
  Object.assign(window, { requestIdleCallback: ric, cancelIdleCallback: jest.fn() });
  try {
    const warm = jest.fn();
    function Probe() {
      useWarmIntlWhenIdle(warm);
      return null;
    }
    const first = render(<Probe />);
    expect(warm).not.toHaveBeenCalled();
    idle[0]();
    expect(warm).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = render(<Probe />);
    second.unmount();
    idle[1]();
    expect(warm).toHaveBeenCalledTimes(1);
  } finally {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  }
});
