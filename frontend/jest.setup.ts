import "@testing-library/jest-dom";
import { act } from "@testing-library/react";
import { toaster } from "./src/components/ui/toaster";

// The toaster is a module-level store; one test's toasts must not satisfy the next test's assertions.
afterEach(() => act(() => toaster.remove()));
