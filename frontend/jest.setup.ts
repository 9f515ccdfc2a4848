import "@testing-library/jest-dom";
import { act, configure } from "@testing-library/react";
import { toaster } from "./src/lib/toasts";

// The toaster is a module-level store; one test's toasts must not satisfy the next test's assertions.
afterEach(() => act(() => toaster.remove()));

// A dashboard's first render waits on several mocked queries and lazy chunks; on a busy two-core
// machine that takes more than testing-library's default second, and a wait that gives up early
// fails a screen that would have shown. Assertions are unchanged: only how long they may wait.
configure({ asyncUtilTimeout: 4000 });
