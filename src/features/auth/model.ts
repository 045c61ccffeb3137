import { z } from "zod";

// Messages are the spec's (part1 §5), word for word.
const email = (msg = "Invalid email address") =>
  z.string({ error: msg }).trim().max(320, msg).pipe(z.email({ error: msg }));

export const LoginInput = z.object({
  email: email(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, "Password is too long"),
  rememberMe: z.boolean({ error: "rememberMe must be true or false" }).optional().default(false),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const DemoLoginInput = z.object({ email: email().optional() });

export const ForgotPasswordInput = z.object({ email: email() });

export const ResetPasswordInput = z
  .object({
    token: z.string({ error: "Token is required" }).min(1, "Token is required").max(200, "Invalid reset link"),
    password: z
      .string({ error: "Password must be at least 8 characters" })
      .min(8, "Password must be at least 8 characters")
      .max(1024, "Password is too long"),
    confirmPassword: z
      .string({ error: "Password confirmation is required" })
      .min(8, "Password confirmation is required")
      .max(1024, "Password is too long"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const CreateUserInput = z.object({
  email: email(),
  password: z.string().min(8, "Password must be at least 8 characters").max(1024),
  name: z.string().trim().max(200).optional(),
});

/** The shape of GET /api/auth/me (part1 §3: name, email, stripeCustomerId, stripeSubscriptionId). */
export interface CurrentUser {
  name: string | null;
  email: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}
