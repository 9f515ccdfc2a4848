/**
 * Domain errors: services throw these, and each door (GraphQL, REST) maps them to its own
 * vocabulary through the code and status carried here.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message = "Not authenticated") {
    super(message, "UNAUTHENTICATED", 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You do not have permission to do this") {
    super(message, "FORBIDDEN", 403);
  }
}

/** Also thrown for another user's object, so that its existence is never revealed. */
export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(`${what} not found`, "NOT_FOUND", 404);
  }
}

/** The request is well formed but clashes with what exists: a duplicate, or a move the current state forbids. */
export class ConflictError extends DomainError {
  constructor(message: string, field?: string) {
    super(message, "CONFLICT", 409, field);
  }
}

export class ValidationError extends DomainError {
  constructor(field: string, message: string) {
    super(message, "BAD_USER_INPUT", 422, field);
  }
}

export class RateLimitedError extends DomainError {
  constructor(message: string) {
    super(message, "RATE_LIMITED", 429);
  }
}
