/** @vchat/contract/schemas — the zod schemas of the product API, the single source of its types. */
export {}
