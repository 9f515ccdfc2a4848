/** A bid request the bidder cannot read: answered 400 with the reason, its message. */
export class MalformedBidRequest extends Error {}
