import { declared, formBounds } from "../../test/form-options-mock";
import { settableBy } from "./with-form-options";

test("gives each role's form the fields the server lets that role set: the tier to an admin, not to an advertiser", () => {
  const options = formBounds({ campaignFields: [declared("name", "Name", "text"), declared("deliveryTier", "Delivery tier", "choice", { setBy: ["ADMIN"] })] });
  expect(settableBy(options, "ADMIN").campaignFields.map((field) => field.name)).toEqual(["name", "deliveryTier"]);
  expect(settableBy(options, "ADVERTISER").campaignFields.map((field) => field.name)).toEqual(["name"]);
});
