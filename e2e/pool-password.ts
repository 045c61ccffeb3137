/** The password of every account the browser tests make. */
export const POOL_PASSWORD = "e2e-password-123";
