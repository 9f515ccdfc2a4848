import { Field, InputType, Int, ObjectType } from "type-graphql";
import type { ExchangePartner } from "./exchange-partner.entity";

@ObjectType("ExchangePartner", { description: "An exchange whose servers send the bidder bid requests: never its credential." })
export class ExchangePartnerView {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: "The credential's first characters, such as adx_ab12." }) credentialPrefix: string;
  @Field(() => [String], { description: "The networks its servers call from (CIDR); empty takes its credential from anywhere." }) allowedNetworks: string[];
  @Field(() => String, { nullable: true, description: "Where cookie sync sends the visitor's browser, AdNet's id in place of $UID." }) userSyncUrl: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;

  static from(partner: ExchangePartner): ExchangePartnerView {
    const { credentialHash: _hash, ...fields } = partner;
    return Object.assign(new ExchangePartnerView(), fields);
  }
}

@ObjectType()
export class CreatedExchangePartnerView {
  @Field(() => ExchangePartnerView) partner: ExchangePartnerView;
  @Field({ description: "The whole credential, shown this once: the partner's servers send it as `Authorization: Bearer <credential>` to /openrtb2/auction." })
  credential: string;
}

@InputType()
export class CreateExchangePartnerInput {
  @Field() name: string;
  @Field(() => [String], { nullable: true, description: "At most 32 addresses or CIDR networks; empty or left out: any." }) allowedNetworks?: string[] | null;
  @Field(() => String, { nullable: true, description: "An http(s) URL with $UID where AdNet's id goes; left out: the partner does not sync." }) userSyncUrl?: string | null;
}

@InputType()
export class UpdateExchangePartnerInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => [String], { nullable: true, description: "Replaces the list; an empty list takes any network." }) allowedNetworks?: string[] | null;
  @Field(() => String, { nullable: true, description: "Null or empty: the partner no longer syncs." }) userSyncUrl?: string | null;
}
