/** Work waiting for an admin comes first; otherwise the server's order (newest first) stands. */
export const pendingFirst = <T extends { status: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => Number(b.status === "PENDING") - Number(a.status === "PENDING"));
