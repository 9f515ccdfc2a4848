import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * The network's one row of booked inventory: every booking moves its version by a conditional
 * UPDATE from the version its availability was read at, so of two bookings racing for the same
 * impressions the second finds the version moved, reads the availability again (the first booking
 * now in it) and is refused if it no longer fits.
 */
@Entity("booking_ledger")
export class BookingLedger {
  @PrimaryColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  version: number;
}

/** The ledger's only row. */
export const NETWORK_LEDGER = 1;
