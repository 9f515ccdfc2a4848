import { createToaster } from "@chakra-ui/react";

/**
 * The app's toasts, as a store: what lib and the screens say goes in here, and the one `Toaster`
 * the app renders (components/ui/toaster) shows it. Kept apart from that component so code that
 * only speaks (mutation feedback, the clipboard, the session) needs no UI.
 */
export const toaster = createToaster({ placement: "top-end", pauseOnPageIdle: true });
