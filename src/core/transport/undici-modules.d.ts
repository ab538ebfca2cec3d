// undici's modules that undici.ts loads by path; it gives each undici's own type.
declare module 'undici/lib/*' {
  const value: unknown;
  export default value;
}
