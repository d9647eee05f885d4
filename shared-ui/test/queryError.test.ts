import { ApiError } from '../src/api';
import { showsError } from '../src/patterns';

// showsError: a page's error view for a query only when it has nothing to show or the server refused it.
describe('showsError', () => {
  const offline = new TypeError('Failed to fetch');

  it('is false while the query has not failed', () => {
    expect(showsError({ isError: false, data: undefined, error: null })).toBe(false);
    expect(showsError({ isError: false, data: [], error: null })).toBe(false);
  });

  it('is true for a failure with no data, whatever the cause', () => {
    expect(showsError({ isError: true, data: undefined, error: offline })).toBe(true);
    expect(showsError({ isError: true, data: undefined, error: new ApiError(500, '') })).toBe(true);
  });

  it('keeps the data for a failed refetch of the connection or a server fault (5xx)', () => {
    expect(showsError({ isError: true, data: { id: 1 }, error: offline })).toBe(false);
    expect(showsError({ isError: true, data: { id: 1 }, error: new ApiError(503, '') })).toBe(false);
    // null is an answer too (the current user's query answers null for a 401).
    expect(showsError({ isError: true, data: null, error: offline })).toBe(false);
  });

  it('shows the error view when the server refused the refetch (4xx): the item is gone or not yours', () => {
    expect(showsError({ isError: true, data: { id: 1 }, error: new ApiError(404, '') })).toBe(true);
    expect(showsError({ isError: true, data: { id: 1 }, error: new ApiError(403, '') })).toBe(true);
  });
});
