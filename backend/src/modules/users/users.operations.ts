import { actorOf, type AppContext } from "../../auth/context";
import type { UsersService } from "./users.service";
import { authPayload, type AuthPayload, UserView } from "./users.types";

type InputOf<M extends keyof UsersService> = UsersService[M] extends (input: infer I, ...rest: never[]) => unknown ? I : never;

/** Each account operation as both doors answer it: GraphQL resolvers and REST routes call these and nothing else. */
export const userOperations = {
  me: (context: AppContext): UserView => UserView.from(actorOf(context), context.limitation === "two_factor_enrolment"),
  /** Registering signs the new account in: the answer is a session, as login's is. */
  register: async ({ services, ip }: AppContext, input: InputOf<"register">): Promise<AuthPayload> => authPayload(await services.users.register(input, ip)),
  login: async ({ services, ip }: AppContext, input: InputOf<"login">): Promise<AuthPayload> => authPayload(await services.users.login(input, ip)),
  completeTwoFactorSignIn: async ({ services, ip }: AppContext, input: InputOf<"completeTwoFactorSignIn">): Promise<AuthPayload> =>
    authPayload(await services.users.completeTwoFactorSignIn(input, ip)),
};
