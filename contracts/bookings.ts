// '@fitconnect/contracts/bookings': the contracts of booking a session with a trainer (availability, slots,
// bookings, calendar feed). The trainers area's screens import it.
// The front ends import the contracts by area, never from '@fitconnect/contracts' itself (type-only imports
// aside): each area's entry is a Module Federation singleton of its own, so a first visit of an area loads and
// builds its own schemas, not every area's (build-config/rspack.js; build-config/test/contracts-by-area.test.ts).
// The API and tests use the package root, which has everything.
export * from './src/bookings';
export * from './src/ids';
