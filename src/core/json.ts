// Reading untrusted JSON (server answers, the event payload) without trusting its shape.

/** undefined for a text that is not JSON: no JSON text parses to it. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
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
