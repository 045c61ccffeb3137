// The files a database names (its SQL is stored-keys-repo.ts's), and the store that holds them.
export { storedKeysIn } from "./stored-keys-repo";
