/**
 * @vchat/contract — the product's vocabulary, zod-free: what browser code imports. The zod schemas of
 * the HTTP endpoints are behind `@vchat/contract/schemas`.
 */
export {}
