/**
 * A stand-in for the LLM vendors, speaking each one's chat-completions wire format (streaming included) with
 * injectable latency and faults. Real vendors are unreachable from tests and benchmarks, and could not be
 * made to fail on cue anyway.
 *
 * server.ts serves and records, dialects.ts speaks each vendor's format, faults.ts holds the one schema of
 * settings, cli.ts runs it alone (`npm run mock-vendor -- --help`).
 */
export { startMockVendor, type MockVendor, type RecordedRequest } from "./server";
export { MOCK_FAULTS, MOCK_VENDORS, type MockBehaviour, type MockFault, type MockVendorName } from "./faults";
