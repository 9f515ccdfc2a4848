import { Tabs } from "@chakra-ui/react";
import { AppDialog } from "../../../components/ui/app-dialog";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

interface AuthDialogProps {
  open: boolean;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onOpenChange: (open: boolean) => void;
}

export function AuthDialog({ open, tab, onTabChange, onOpenChange }: AuthDialogProps) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Welcome to AdNet"
      description="Login to your account or create a new one."
      size="sm"
    >
      <Tabs.Root value={tab} onValueChange={(e) => onTabChange(e.value as AuthTab)} variant="line" fitted>
        <Tabs.List mb="4">
          <Tabs.Trigger value="login">Login</Tabs.Trigger>
          <Tabs.Trigger value="register">Register</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <LoginForm onSuccess={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="register">
          <RegisterForm onRegistered={() => onTabChange("login")} />
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
