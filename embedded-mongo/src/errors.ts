import type { Doc } from './storage';

/** An error that becomes a MongoDB command error reply ({ ok: 0, errmsg, code, codeName }). */
export class CommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const Codes = {
  InternalError: [1, 'InternalError'],
  BadValue: [2, 'BadValue'],
  FailedToParse: [9, 'FailedToParse'],
  TypeMismatch: [14, 'TypeMismatch'],
  InvalidLength: [16, 'InvalidLength'],
  AuthenticationFailed: [18, 'AuthenticationFailed'],
  IllegalOperation: [20, 'IllegalOperation'],
  NamespaceNotFound: [26, 'NamespaceNotFound'],
  IndexNotFound: [27, 'IndexNotFound'],
  CursorNotFound: [43, 'CursorNotFound'],
  NamespaceExists: [48, 'NamespaceExists'],
  InvalidIdField: [53, 'InvalidIdField'],
  DollarPrefixedFieldName: [52, 'DollarPrefixedFieldName'],
  CommandNotFound: [59, 'CommandNotFound'],
  ImmutableField: [66, 'ImmutableField'],
  InvalidOptions: [72, 'InvalidOptions'],
  InvalidNamespace: [73, 'InvalidNamespace'],
  CommandNotSupported: [115, 'CommandNotSupported'],
  NotImplemented: [238, 'NotImplemented'],
  IndexOptionsConflict: [85, 'IndexOptionsConflict'],
  IndexKeySpecsConflict: [86, 'IndexKeySpecsConflict'],
  OperationNotSupportedInTransaction: [263, 'OperationNotSupportedInTransaction'],
  NoQueryExecutionPlans: [291, 'NoQueryExecutionPlans'],
  CannotExtractGeoKeys: [16755, 'Location16755'],
  GeoNearNotFirst: [40602, 'Location40602'],
  BSONObjectTooLarge: [10334, 'BSONObjectTooLarge'],
  DuplicateKey: [11000, 'DuplicateKey'],
  Location: [40324, 'Location40324'],
  UnknownField: [40415, 'Location40415'],
} as const satisfies Record<string, readonly [number, string]>;

export function err(kind: keyof typeof Codes, message: string, extra?: Record<string, unknown>): CommandError {
  const [code, name] = Codes[kind];
  return new CommandError(code, name, message, extra);
}

/** A MongoDB feature this server does not implement: refused out loud, never ignored. */
export function unsupported(feature: string, kind: 'NotImplemented' | 'CommandNotSupported' = 'NotImplemented'): CommandError {
  return err(kind, `${feature} is not supported by embedded-mongo (the single-node development server); use a real MongoDB for it`);
}

/** The { ok: 0 } reply of a failed command; anything not a CommandError answers as BadValue (2). */
export function errorReply(e: unknown): Doc {
  if (e instanceof CommandError) return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
  const msg = (e as Error)?.message ?? String(e);
  return { ok: 0, errmsg: msg, code: 2, codeName: 'BadValue' };
}

/** One `writeErrors` entry of insert/update/delete: statement `index` failed (the batch itself still answers ok: 1). */
export function writeError(e: unknown, index: number): Doc {
  if (e instanceof CommandError) return { index, code: e.code, codeName: e.codeName, errmsg: e.message, ...e.extra };
  return { index, code: 2, codeName: 'BadValue', errmsg: (e as Error)?.message ?? String(e) };
}
