CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"clinic_num" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"amount_due" integer DEFAULT 0 NOT NULL,
	"requires_payment" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"clinic_num" integer NOT NULL,
	"description" text NOT NULL,
	"is_headquarters" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gateway_code" text NOT NULL,
	"business_id" text NOT NULL,
	"app_id" text NOT NULL,
	"store_id" text NOT NULL,
	"has_surcharging" boolean DEFAULT false NOT NULL,
	"surcharge_rate_bps" integer DEFAULT 0 NOT NULL,
	"does_allocate_procedures" boolean DEFAULT false NOT NULL,
	"membership_days" integer DEFAULT 30 NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bcc_on_system_email" boolean DEFAULT false NOT NULL,
	"allow_add_patient" boolean DEFAULT true NOT NULL,
	"no_schedule" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_plan_id" integer,
	"customer_membership_billing_id" integer,
	"amount_due" integer,
	"yearly_exp_days" integer
);
--> statement-breakpoint
CREATE TABLE "customer_membership_billing_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_membership_billing_id" integer NOT NULL,
	"membership_plan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"qty" integer DEFAULT 1 NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_membership_billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"cycle" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"next_billing_date" date,
	"monthly_expires" date,
	"month_expiration_selection" integer DEFAULT 1 NOT NULL,
	"renewal_mode" text NOT NULL,
	"yearly_next_cycle_auto_renew" boolean DEFAULT true NOT NULL,
	"yearly_auto_renew" boolean DEFAULT true NOT NULL,
	"display_expiration" boolean DEFAULT true NOT NULL,
	"customer_saved_card_id" integer,
	"approved_method" text,
	"ip_address" text,
	"signature" text,
	"template" text,
	"approved_date" timestamp with time zone,
	"cancelled_date" timestamp with time zone,
	"expired_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer,
	"patient_key" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"cell" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"clinic_num" integer DEFAULT 0 NOT NULL,
	"guarantor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"company_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_company_id_route_key_pk" PRIMARY KEY("company_id","route","key")
);
--> statement-breakpoint
CREATE TABLE "insurance_payment_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurance_payment_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"proc_code_count" integer DEFAULT 0 NOT NULL,
	"deductible" integer DEFAULT 0 NOT NULL,
	"reimbursed" integer DEFAULT 0 NOT NULL,
	"written_off" integer DEFAULT 0 NOT NULL,
	"requested_payment" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"procedure_json" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notification_id" uuid
);
--> statement-breakpoint
CREATE TABLE "insurance_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"funding_source" text NOT NULL,
	"card_description" text,
	"card_type" text,
	"reference_id" text,
	"carrier_name" text DEFAULT '' NOT NULL,
	"json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" text,
	"discount_plan" text DEFAULT '' NOT NULL,
	"monthly_amount" integer NOT NULL,
	"yearly_amount" integer NOT NULL,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"material" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"pat_num" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"cell" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"clinic_num" integer DEFAULT 0 NOT NULL,
	"guarantor_pat_num" integer NOT NULL,
	"birthdate" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"payment_plan_id" integer,
	"customer_membership_billing_id" integer,
	"payment_plan_detail_id" integer,
	"transaction_id" integer,
	"kind" text DEFAULT 'PAYMENT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text NOT NULL,
	"funding_source" text,
	"card_type" text,
	"card_description" text,
	"amount" integer NOT NULL,
	"order_amount" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"reference_id" text,
	"check_num" text,
	"note" text,
	"removed" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_plan_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_plan_id" integer NOT NULL,
	"cycle" integer NOT NULL,
	"is_down_payment" boolean DEFAULT false NOT NULL,
	"billing_date" date NOT NULL,
	"amount_due" integer NOT NULL,
	"processed_to_ledger" boolean DEFAULT false NOT NULL,
	"disposition" text,
	"reference_id" text
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"frequency" text DEFAULT 'MONTHLY' NOT NULL,
	"total" integer NOT NULL,
	"cycle_count" integer NOT NULL,
	"is_cash" boolean DEFAULT false NOT NULL,
	"is_notifying_for_past_due_payments" boolean DEFAULT true NOT NULL,
	"customer_saved_card_id" integer,
	"has_surcharge" boolean DEFAULT false NOT NULL,
	"surcharge_rate_bps" integer DEFAULT 0 NOT NULL,
	"approved_method" text,
	"ip_address" text,
	"signature" text,
	"template" text,
	"approved_date" timestamp with time zone,
	"cancelled_date" timestamp with time zone,
	"completed_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_request_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_request_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"order_amount" integer,
	"surcharge_amount" integer DEFAULT 0 NOT NULL,
	"e_mail" text DEFAULT '' NOT NULL,
	"to_phone" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_page" timestamp with time zone,
	"paid" timestamp with time zone,
	"cancelled" timestamp with time zone,
	"resent" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "procedures" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"proc_num" integer NOT NULL,
	"proc_code" text NOT NULL,
	"description" text NOT NULL,
	"tooth" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"proc_date" date NOT NULL,
	"proc_status" text NOT NULL,
	"treat_plan_num" integer,
	"fee" integer NOT NULL,
	"insurance_est" integer DEFAULT 0 NOT NULL,
	"paid_from_insurance" integer DEFAULT 0 NOT NULL,
	"waiting_from_insurance" integer DEFAULT 0 NOT NULL,
	"write_off" integer DEFAULT 0 NOT NULL,
	"adjustment" integer DEFAULT 0 NOT NULL,
	"patient_paid" integer DEFAULT 0 NOT NULL,
	"payment_plan_pending" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_charges" (
	"reference_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"token" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"approved" boolean NOT NULL,
	"parent_reference_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"order_amount" integer NOT NULL,
	"surcharge_amount" integer DEFAULT 0 NOT NULL,
	"reference_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "sandbox_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"provider_token" text NOT NULL,
	"card_type" text NOT NULL,
	"description" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"funding" text DEFAULT 'CREDIT' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer,
	"reference_id" text NOT NULL,
	"transaction_result_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"amount" integer NOT NULL,
	"order_amount" integer NOT NULL,
	"surcharge_amount" integer DEFAULT 0 NOT NULL,
	"funding_source" text NOT NULL,
	"card_type" text,
	"card_description" text,
	"exp_month" text,
	"exp_year" text,
	"result_meta_data" jsonb,
	"source" text NOT NULL,
	"terminal_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"payment_plan_id" integer,
	"customer_membership_billing_id" integer,
	"insurance_payment_id" integer,
	"notification_id" uuid,
	"note" text,
	"note_label" text,
	"associated_auto_message" text,
	"associated_man_message" text,
	"practice_management_status" integer DEFAULT 0 NOT NULL,
	"orphan_removed" timestamp with time zone,
	CONSTRAINT "transactions_reference_id_unique" UNIQUE("reference_id")
);
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"treat_plan_num" integer NOT NULL,
	"heading" text NOT NULL,
	"date_tp" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tp_status" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_companies" (
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "user_companies_user_id_company_id_pk" PRIMARY KEY("user_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "user_notification_dismissals" (
	"user_id" integer NOT NULL,
	"user_notification_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notification_dismissals_user_id_user_notification_id_pk" PRIMARY KEY("user_id","user_notification_id")
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"type" text DEFAULT 'info' NOT NULL,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"fully_qualified_url" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"current_company_id" integer,
	"company_notifications_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD CONSTRAINT "company_notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD CONSTRAINT "company_notifications_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_notifications" ADD CONSTRAINT "company_notifications_customer_membership_billing_id_customer_membership_billings_id_fk" FOREIGN KEY ("customer_membership_billing_id") REFERENCES "public"."customer_membership_billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billing_lines" ADD CONSTRAINT "customer_membership_billing_lines_customer_membership_billing_id_customer_membership_billings_id_fk" FOREIGN KEY ("customer_membership_billing_id") REFERENCES "public"."customer_membership_billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billing_lines" ADD CONSTRAINT "customer_membership_billing_lines_membership_plan_id_membership_plans_id_fk" FOREIGN KEY ("membership_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billing_lines" ADD CONSTRAINT "customer_membership_billing_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD CONSTRAINT "customer_membership_billings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD CONSTRAINT "customer_membership_billings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_membership_billings" ADD CONSTRAINT "customer_membership_billings_customer_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("customer_saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payment_details" ADD CONSTRAINT "insurance_payment_details_insurance_payment_id_insurance_payments_id_fk" FOREIGN KEY ("insurance_payment_id") REFERENCES "public"."insurance_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payment_details" ADD CONSTRAINT "insurance_payment_details_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payments" ADD CONSTRAINT "insurance_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_customer_membership_billing_id_customer_membership_billings_id_fk" FOREIGN KEY ("customer_membership_billing_id") REFERENCES "public"."customer_membership_billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_payment_plan_detail_id_payment_plan_details_id_fk" FOREIGN KEY ("payment_plan_detail_id") REFERENCES "public"."payment_plan_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_ledger" ADD CONSTRAINT "payment_ledger_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_details" ADD CONSTRAINT "payment_plan_details_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_customer_saved_card_id_saved_cards_id_fk" FOREIGN KEY ("customer_saved_card_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_request_reminders" ADD CONSTRAINT "payment_request_reminders_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_plan_id_payment_plans_id_fk" FOREIGN KEY ("payment_plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_membership_billing_id_customer_membership_billings_id_fk" FOREIGN KEY ("customer_membership_billing_id") REFERENCES "public"."customer_membership_billings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_insurance_payment_id_insurance_payments_id_fk" FOREIGN KEY ("insurance_payment_id") REFERENCES "public"."insurance_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_notification_id_payment_requests_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_plans" ADD CONSTRAINT "treatment_plans_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_companies" ADD CONSTRAINT "user_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_dismissals" ADD CONSTRAINT "user_notification_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_dismissals" ADD CONSTRAINT "user_notification_dismissals_user_notification_id_user_notifications_id_fk" FOREIGN KEY ("user_notification_id") REFERENCES "public"."user_notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_company_id_companies_id_fk" FOREIGN KEY ("current_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_company_due" ON "appointments" USING btree ("company_id","requires_payment","status");--> statement-breakpoint
CREATE UNIQUE INDEX "clinics_company_num" ON "clinics" USING btree ("company_id","clinic_num");--> statement-breakpoint
CREATE INDEX "company_notifications_company_time" ON "company_notifications" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "cmb_company_status" ON "customer_membership_billings" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_patient" ON "customers" USING btree ("company_id","patient_key");--> statement-breakpoint
CREATE INDEX "customers_company_last" ON "customers" USING btree ("company_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_company_patnum" ON "patients" USING btree ("company_id","pat_num");--> statement-breakpoint
CREATE INDEX "patients_company_last" ON "patients" USING btree ("company_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_company_first" ON "patients" USING btree ("company_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_company_email" ON "patients" USING btree ("company_id",lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_company_guarantor" ON "patients" USING btree ("company_id","guarantor_pat_num");--> statement-breakpoint
CREATE INDEX "payment_ledger_plan" ON "payment_ledger" USING btree ("payment_plan_id");--> statement-breakpoint
CREATE INDEX "payment_ledger_membership" ON "payment_ledger" USING btree ("customer_membership_billing_id");--> statement-breakpoint
CREATE INDEX "payment_plan_details_plan" ON "payment_plan_details" USING btree ("payment_plan_id","cycle");--> statement-breakpoint
CREATE INDEX "payment_plans_company_status" ON "payment_plans" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "payment_requests_company_created" ON "payment_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "procedures_patient" ON "procedures" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "procedures_company_date" ON "procedures" USING btree ("company_id","proc_date");--> statement-breakpoint
CREATE INDEX "refunds_transaction" ON "refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "saved_cards_customer" ON "saved_cards" USING btree ("customer_id","is_active");--> statement-breakpoint
CREATE INDEX "transactions_company_created" ON "transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_customer" ON "transactions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "transactions_plan" ON "transactions" USING btree ("payment_plan_id");--> statement-breakpoint
CREATE INDEX "transactions_notification" ON "transactions" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "treatment_plans_patient" ON "treatment_plans" USING btree ("patient_id");