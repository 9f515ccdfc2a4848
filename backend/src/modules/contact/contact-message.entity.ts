import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from "typeorm";

export const CONTACT_SUBJECTS = ["general", "publisher", "advertiser", "support", "billing"] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

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
