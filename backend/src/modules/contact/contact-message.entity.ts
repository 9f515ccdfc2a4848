import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

/** The contact form's subjects and how it names them (spec section 3). */
export const CONTACT_SUBJECT_LABELS = {
  general: "General Inquiry",
  publisher: "Publisher Partnership",
  advertiser: "Advertiser Account",
  support: "Technical Support",
  billing: "Billing Question",
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECT_LABELS;
export const CONTACT_SUBJECTS = Object.keys(CONTACT_SUBJECT_LABELS) as ContactSubject[];

@Entity("contact_messages")
export class ContactMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: "varchar", length: 120 })
  name: string;

  @Column({ type: "varchar", length: 254 })
  email: string;

  @Column({ type: "varchar", length: 16 })
  subject: ContactSubject;

  @Column({ type: "text" })
  message: string;

  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;
}
