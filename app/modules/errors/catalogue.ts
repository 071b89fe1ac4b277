/**
 * Every user-facing message, in one place. Texts come word for word from the original copy where it
 * has one; the few it lacks are marked "ours".
 * See docs/product.md §9.
 */
import type { Failure, VendorCheckResult } from "#contract/jobs";

export const messages = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters", // ours
  passwordTooCommon: "This password is one of the most common and easy to guess. Please choose another.", // ours
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`, // ours
  signinFailed: "Please check your credentials and try again",
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
  proModelHint: "Upgrade to Professional to use", // ours: why a model is greyed out in the picker
  messagesLeft: (left: number, limit: number) =>
    left > 0
      ? `${left} of ${limit} free messages left today. `
      : `You've used today's ${limit} free messages. `, // ours
  upgradeLink: "Upgrade to Professional", // ours
  noModels: "No models available",
  nothingToRegenerate: "There is no reply to regenerate yet.", // ours
  nothingToEdit: "There is no message to edit yet.", // ours
  replyInProgress: "Please wait for the current reply to finish, or stop it.", // ours
  addressRequired: "Address is required",
  cityRequired: "City is required",
  zipRequired: "ZIP code is required",
  countryRequired: "Country is required",
  cardNumberRequired: "Card number is required",
  expiryRequired: "Expiry date is required",
  cvvRequired: "CVV is required",
  cardNumberInvalid: "Please enter a valid 16-digit card number",
  expiryFormat: "Please use format MM/YY",
  cvvInvalid: "CVV must be 3 or 4 digits",
  cardNumberRejected: "This card number is not valid. Please check it and try again.", // ours
  cardExpired: "Your card has expired. Please use another card.", // ours
  insufficientFunds: "Your card was declined: insufficient funds. Please use another card.", // ours
  cardDeclined: "Your card was declined. Please use another card.", // ours
  paymentUnavailable: "The payment service is not available right now. Please try again in a moment.", // ours
  unknownPlan: "This plan or billing period does not exist. Please choose a plan on the pricing page.", // ours
  amountFromServer: "The price is set by the server and cannot be changed.", // ours
  orderNotFound: "This order was not found. Please start again from the pricing page.", // ours
  demoCheckout: "Demo accounts cannot buy a plan. Create a free account first — your demo chats carry over.", // ours
  webhookSignature: "Invalid webhook signature", // ours
  crossSite: "This request came from another site and was refused.", // ours
  signInToCheckout: "Please sign in to continue your checkout.", // ours
  requestTooLarge: "This request is too large.", // ours
  lengthRequired: "This request must state its length.", // ours
  unsupportedBody: "This form accepts form data only.", // ours
  apiJsonOnly: "The API accepts application/json bodies only.", // ours
  malformedForm: "This form's data could not be read. Please try again.", // ours
  somethingWentWrong: "Something went wrong. Please try again.", // ours
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
  planCancelled: (until: string) => ({
    title: "Plan cancelled",
    description: `You keep Professional until ${until}; it will not renew.`,
  }), // ours
  modelChanged: (resending: boolean) => ({
    title: "Model Changed",
    description: resending
      ? "Resending your last question to the new model..."
      : "Ask a new question to see the new model's response",
  }),
  modelBusy: { title: "Please Wait", description: "Model is currently changing..." },
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

/**
 * docs/product.md §9 'Developer API' (all ours): the /v1 API's error messages, sent in OpenAI's error shape,
 * and the API keys page's texts.
 */
export const apiTexts = {
  missingKey:
    "You didn't provide an API key. Send it as 'Authorization: Bearer rk-...'; create one in Settings → API keys.",
  malformedKey: "The Authorization header must be 'Bearer rk-...' with a key from Settings → API keys.",
  invalidKey:
    "Incorrect API key provided. It may have been revoked; create a new one in Settings → API keys.",
  professionalOnly:
    "The developer API is part of the Professional plan. Upgrade at /pricing to use your API keys.",
  unknownModel: (model: string) => `The model '${model}' does not exist or you do not have access to it.`,
  invalidJson: "The request body is not valid JSON.",
  invalidBody: (problem: string) => `Invalid request: ${problem}`,
  lastMessageUser: "The last message must have the role 'user'.",
  nulCharacter: "must not contain the NUL character (\\u0000).",
  rateLimited: (perMinute: number) =>
    `Rate limit reached: ${perMinute} requests per minute for this API key. Please retry after the time in Retry-After.`,
  notFound: "Unknown API route. See /api for the endpoints.",
  completionNotFound: "No such completion.",
  methodNotAllowed: "This endpoint does not accept this method.",
  keyNameRequired: "Name is required",
  keyCreated: "Copy your new key now: it will not be shown again.",
  keyRevoked: "API key revoked",
  keyNotFound: "This API key was not found.",
} as const;

/** docs/product.md §9 'Admin': the console's texts, original copy and ours (marked "ours"). */
export const adminTexts = {
  notFound: "Not found", // ours
  userNotFound: "That user no longer exists.", // ours
  selfAdmin: "You cannot remove your own admin role.", // ours
  selfDelete: "You cannot delete your own account.", // ours
  selfBan: "You cannot ban or restrict yourself.", // ours
  lastAdmin: "The last admin cannot be removed.", // ours
  confirmDelete: "Type the user's e-mail to confirm.", // ours
  searchTooLong: "Search is too long (200 characters at most).", // ours
  badQuery: "That link is not valid.", // ours
  flagDone: {
    "grant-admin": "Admin role granted.",
    "revoke-admin": "Admin role revoked.",
    ban: "User banned; their sessions were signed out.",
    unban: "User unbanned.",
    restrict: "User restricted: they can read but not send.",
    unrestrict: "User unrestricted.",
  },
  planSet: (plan: string) => `Plan set to ${plan}.`, // ours
  vendorNotFound: "Vendor not found",
  noVendorModels: "No available models for this vendor",
  connectionOk: (ms: number) => `Connection successful (${ms} ms)`,
  connectionFailed: (status: number, body: string) => `Connection failed: ${status} - ${body}`,
  connectionError: (message: string) => `Connection error: ${message}`,
  testUnavailable: "No worker answered the test. Is a worker running?", // ours
  urlProblems: {
    format: "Enter a full URL such as https://api.example.com/v1/chat/completions.",
    scheme: "Only http and https URLs are allowed.",
    private:
      "Private, loopback and link-local addresses are refused (set ALLOW_PRIVATE_VENDOR_URLS=true for a local model server).",
    unresolvable: "This host name does not resolve.",
  }, // ours
  displayNameRequired: "Display name is required", // ours
  priorityInvalid: "Priority must be a whole number from 0 to 1000.", // ours
  keyRequired: "API key cannot be empty",
  vendorActivated: (name: string) => `${name} is now the active vendor.`, // ours
  vendorSaved: "Vendor saved.", // ours
  vendorKeySaved: (last4: string) => `Key saved (ends in ${last4}).`, // ours
  // The model catalogue, settings, roles and keys screens: all ours.
  modelNotFound: "That model no longer exists.",
  modelExists: "A model with this id already exists.",
  modelIdInvalid: "Model id: letters, digits and . _ : / - only, at most 100 characters.",
  modelNameRequired: "Display name is required",
  iconInvalid: "Icon text: 1 to 4 characters.",
  sizeInvalid: "Size label: at most 20 characters.",
  descriptionInvalid: "Description: at most 6 lines of 100 characters.",
  vendorModelInvalid: "Vendor model id: at most 200 characters, no spaces.",
  modelSaved: (name: string) => `${name} saved; the chat's model list shows it now.`,
  modelMoved: (name: string) => `${name} moved.`,
  lastDefault: "One model must stay the default: make another model the default instead.",
  settingsSaved: "Settings saved; the chat uses them from the next request.",
  promptRequired: "The default system prompt cannot be empty.",
  promptTooLong: "The default system prompt is at most 4000 characters.",
  repliesInvalid: "Replies per day: a whole number from 0 to 10000.",
  historyInvalid: "History hours: a whole number from 1 to 8760 (one year).",
  chooseVendor: "Choose the active vendor.",
  chooseModel: "Choose the default model.",
  emailInvalid: "Enter the user's e-mail address.",
  noUserWithEmail: "No user has that e-mail address.",
  roleGranted: (role: string, email: string) => `${role} role granted to ${email}.`,
  keyNotFound: "That key no longer exists.",
  keyRevoked: (vendor: string, email: string) => `${email}'s ${vendor} key was revoked.`,
} as const;

export const adminToasts = {
  usersFailed: { title: "Error fetching users", description: "Could not load user data. Please try again." },
  permissionFailed: {
    title: "Permission Change Failed",
    description: "Could not grant or revoke admin permissions.",
  },
  actionFailed: { title: "Action Failed", description: "Could not ban, unban, restrict or unrestrict user." },
  deletionFailed: {
    title: "Deletion Failed",
    description: "Could not delete user. You may need service_role permissions.",
  },
  usageFailed: { title: "Error fetching API usage", description: "Could not load usage data." },
  userUpdated: (what: string) => ({ title: "User updated", description: what }), // ours
  userDeleted: { title: "User deleted", description: "The account and all its data were removed." }, // ours
  vendorChanged: (name: string) => ({ title: "API Vendor Changed", description: `Switched to ${name}` }),
  modelsUpdated: { title: "Models Updated" },
  saved: { title: "Saved", description: "Your changes were saved." }, // ours
  saveFailed: { title: "Action Failed", description: "Your changes could not be saved." }, // ours
  modelsFailed: { title: "Action Failed", description: "Could not save the model catalogue." }, // ours
  settingsFailed: { title: "Action Failed", description: "Could not save the settings." }, // ours
  keyRevokeFailed: { title: "Action Failed", description: "Could not revoke the key." }, // ours
  connectionTest: (ok: boolean, description: string) => ({
    title: ok ? "Connection Success" : "Connection Test Failed",
    description,
  }),
} as const;

/** docs/product.md §9 'Admin': an admin's vendor connection test, in the original copy's words. */
export function connectionTestMessage(result: VendorCheckResult): string {
  if (result.ok) return adminTexts.connectionOk(result.latencyMs);
  const { failure } = result;
  if (failure.code === "model" && failure.detail === adminTexts.noVendorModels)
    return adminTexts.noVendorModels;
  if (failure.code === "unsupported_vendor") return adminTexts.vendorNotFound;
  if (failure.status !== undefined) {
    return adminTexts.connectionFailed(failure.status, failure.detail ?? failureMessage(failure));
  }
  if (failure.code === "network") return adminTexts.connectionError(failure.detail ?? "unknown");
  return adminTexts.connectionError(failureMessage(failure));
}

/** The text a user sees for a worker's failure code (docs/product.md §9). */
/**
 * The vendor's own error text never reaches users (it may name internals or echo what was sent): they get the
 * code's sentence with the status; the worker logs the detail, and the admin's connection test shows it.
 * Details the worker writes itself (a vendor or model name) are shown.
 */
export function failureMessage(failure: Failure): string {
  const detail = failure.detail ?? "";
  switch (failure.code) {
    case "not_found":
      return "API endpoint not found (404): The chat API endpoint may have changed or is incorrect";
    case "auth":
      return `Authentication error (${failure.status ?? 401}): API key may be invalid or expired`;
    case "bad_request":
      return "Bad request (400): the AI service could not process this request"; // ours after the colon
    case "model":
      return "Model error: the AI service could not use this model"; // ours after the colon
    case "http":
      return `API error (${failure.status ?? "unknown"}): the AI service failed to answer`; // ours after the colon
    case "invalid_json":
      return "Invalid JSON response from API";
    case "invalid_format":
      return "Invalid response format from API";
    case "timeout":
      return "Request timed out after 30 seconds";
    case "network":
      return "Connection error: could not reach the AI service"; // ours after the colon
    case "key_missing":
      if (detail === "modelslab") return "ModelsLab API key not found. Please set it in the admin settings.";
      if (detail === "openai") return "OpenAI API key not configured";
      // The original copy words Together's case; Novita, the other bring-your-own-key vendor, gets the same sentence.
      if (detail === "novita") return "Novita API key is not set. Please set your API key first.";
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
