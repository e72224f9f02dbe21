// autocannon ships no types; the bench uses it through bench/lib.ts only.
declare module 'autocannon';
