/** The subjects a button may preset; the form lists the server's subjects, with their labels, from the form options. */
export type ContactSubject = "general" | "publisher" | "advertiser" | "support" | "billing";
