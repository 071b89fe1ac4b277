/**
 * Every user-facing message, in one place. Texts come word for word from the product spec (§5, §8) where it
 * has one; the few it lacks are marked "ours".
 */
import type { Failure } from "#worker/jobs";

export const messages = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters", // ours
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`, // ours
  signinFailed: "Please check your credentials and try again",
  signupFailed: "Failed to create account. Please try again.",
  emailTaken: "An account with this email already exists. Sign in instead.", // ours
  accountBanned: "This account has been suspended.", // ours
  tooManyAttempts: "Too many sign-in attempts. Please wait a few minutes and try again.", // ours
  tooManySignups: "Too many accounts were created from here. Please try again later.", // ours
  tooManyDemos: "Too many demo sessions were started from here. Please try again later.", // ours
  demoFailed: "There was an error signing in with demo credentials",
  messageRequired: "Error: Please enter a message",
  messageTooLong: "Message is too long (32 KB at most).", // ours
  serviceUnavailable: "The chat service is busy right now. Please try again in a moment.", // ours
  failedToGetResponse: "Failed to get response",
  restricted: "Your account is restricted: you can read your chats but not send messages.", // ours
  dailyLimit: (limit: number) =>
    `You've used the Starter plan's ${limit} messages for today. Upgrade to Professional for unlimited messages.`, // ours
  proModel: (model: string) => `${model} is available on the Professional plan. Upgrade to use it.`, // ours
  noModels: "No models available",
  nothingToRegenerate: "There is no reply to regenerate yet.", // ours
  nothingToEdit: "There is no message to edit yet.", // ours
  replyInProgress: "Please wait for the current reply to finish, or stop it.", // ours
  crossSite: "This request came from another site and was refused.", // ours
  requestTooLarge: "This request is too large.", // ours
  lengthRequired: "This request must state its length.", // ours
  unsupportedBody: "This form accepts form data only.", // ours
  malformedForm: "This form's data could not be read. Please try again.", // ours
} as const;

export const toasts = {
  authRequired: { title: "Authentication Required", description: "Please sign in to use the chat" },
  adminAuthRequired: {
    title: "Authentication Required",
    description: "Please sign in to access admin features",
  },
  accessDenied: {
    title: "Access Denied",
    description: "You don't have permission to access the admin panel",
  },
  signedIn: { title: "Signed in successfully", description: "Welcome back!" },
  signedUp: { title: "Account created", description: "You've successfully signed up!" },
  demoActive: { title: "Demo mode active" },
  signedOut: { title: "Signed Out", description: "You have been signed out, redirecting to login" },
  signedOutElsewhere: { title: "Logged out", description: "You have been signed out of your account" },
  startingAction: (label: string) => ({ title: `Starting ${label} assistant...` }),
  modelChanged: (resending: boolean) => ({
    title: "Model Changed",
    description: resending
      ? "Resending your last question to the new model..."
      : "Ask a new question to see the new model's response",
  }),
  modelChangeFailed: {
    title: "Model Change Failed",
    description: "Could not switch to the selected model. Please try again.",
  },
  multipleErrors: {
    title: "Multiple Errors",
    description:
      "There seems to be a persistent issue with the API service. Please check the vendor configuration in admin settings.",
  },
} as const;

/** Spec §8 'Chat API': the text a user sees for a worker's failure code. */
export function failureMessage(failure: Failure): string {
  const detail = failure.detail ?? "";
  switch (failure.code) {
    case "not_found":
      return "API endpoint not found (404): The chat API endpoint may have changed or is incorrect";
    case "auth":
      return `Authentication error (${failure.status ?? 401}): API key may be invalid or expired`;
    case "bad_request":
      return `Bad request (400): ${detail}`;
    case "model":
      return `Model error: ${detail}`;
    case "http":
      return `API error (${failure.status ?? "unknown"}): ${detail}`;
    case "invalid_json":
      return "Invalid JSON response from API";
    case "invalid_format":
      return "Invalid response format from API";
    case "timeout":
      return "Request timed out after 30 seconds";
    case "network":
      return `Connection error: ${detail}`;
    case "key_missing":
      if (detail === "modelslab") return "ModelsLab API key not found. Please set it in the admin settings.";
      if (detail === "openai") return "OpenAI API key not configured";
      return "Together API key is not set. Please set your API key first.";
    case "no_active_vendor":
      return "No active API vendor found";
    case "unsupported_vendor":
      return `Unsupported vendor: ${detail}`;
    case "modelslab_format":
      return "Unexpected response format from ModelsLab API";
    case "plan":
      return messages.proModel(detail || "This model");
    case "internal":
      return messages.failedToGetResponse;
  }
}
