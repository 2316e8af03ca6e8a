/** A refusal of the fake comment service: the HTTP status and the error envelope's code and text it answers with. */
export class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
