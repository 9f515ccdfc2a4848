import { DataList } from "@chakra-ui/react";

/** A label and its value on one line, the value to the right. */
export function FundsItem({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item display="flex" flexDirection="row" justifyContent="space-between" gap="4" py="1" borderBottomWidth="1px" borderColor="border.muted">
      <DataList.ItemLabel color="fg.muted">{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="flex-end" fontWeight="medium">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
