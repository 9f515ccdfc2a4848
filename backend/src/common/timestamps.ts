import { CreateDateColumn, UpdateDateColumn } from "typeorm";

/** Creation and update times that every table carries. */
export abstract class Timestamped {
  @CreateDateColumn({ name: "created_at" })
  createdAt: Date;

  @UpdateDateColumn({ name: "updated_at" })
  updatedAt: Date;
}
