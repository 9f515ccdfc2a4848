import { Alert, Tabs } from "@chakra-ui/react";
import { useState } from "react";
import { AppDialog } from "../../../components/ui/app-dialog";
import type { Audience } from "../../../lib/audience";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

interface AuthDialogProps {
  open: boolean;
  tab: AuthTab;
  /** Why the app asks to sign in, shown above the login form. */
  notice?: string;
  /** The role the register form starts with. */
  audience?: Audience;
  onTabChange: (tab: AuthTab) => void;
  onOpenChange: (open: boolean) => void;
}

export function AuthDialog({ open, tab, notice, audience, onTabChange, onOpenChange }: AuthDialogProps) {
  const [forgotPassword, setForgotPassword] = useState(false);
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
          {notice && (
            <Alert.Root status="info" size="sm" variant="subtle" mb="4">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          )}
          {forgotPassword ? (
            <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
          ) : (
            <LoginForm onSuccess={() => onOpenChange(false)} onForgotPassword={() => setForgotPassword(true)} />
          )}
        </Tabs.Content>
        <Tabs.Content value="register">
          {/* Opened for another audience, the form starts afresh with that role. */}
          <RegisterForm key={audience} initialRole={audience} onSuccess={() => onOpenChange(false)} />
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
