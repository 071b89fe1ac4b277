/**
 * The per-request nonce that lets the page's own inline scripts (Remix's context, scroll restoration) run
 * under the Content-Security-Policy, which refuses every other inline script. Set on the server only; in the
 * browser the scripts have already run, so the value is not needed there.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
