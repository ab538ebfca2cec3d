// Reading untrusted JSON (server answers, the event payload) without trusting its shape.

/** No JSON text parses to this very object. */
export const NOT_JSON: unknown = Object.freeze({});

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function field(value: unknown, key: string): unknown {
  return isObject(value) ? value[key] : undefined;
}

export function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
