// Side-effect CSS imports are handled by rspack (css/auto) and mapped away in jest.
declare module '*.css';
