/** Application errors: each carries a stable `code` and the HTTP `status` it maps to. */

export class AppError extends Error {
  constructor(
    message: string,
    readonly code: string = "INTERNAL",
    readonly status: number = 500,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, code = "NOT_FOUND") {
    super(message, code, 404);
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code = "INVALID_REQUEST") {
    super(message, code, 400);
  }
}

export class ConfigError extends AppError {
  constructor(message: string, readonly problems: string[] = []) {
    super(message, "CONFIG_INVALID", 500);
  }
}

/** A failed call to an LLM provider; `retryable` is true for timeouts, 429 and 5xx. */
export class ProviderError extends AppError {
  constructor(message: string, readonly retryable: boolean, readonly upstreamStatus?: number) {
    super(message, "LLM_CALL_FAILED", 502);
  }
}

/** Thrown by tools for expected failures (bad path, timeout): its message goes to the model as the tool's error. */
export class ToolError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ToolError";
  }
}
