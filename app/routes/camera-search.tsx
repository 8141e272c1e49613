import type { MetaFunction } from "@remix-run/node";
import { IngredientCamera } from "~/components/ingredient-camera";
import { cameraScreenAction, cameraScreenLoader } from "~/services/vision/camera-screen.server";

export const meta: MetaFunction = () => [{ title: "Add Ingredients · Recipe Helper" }];
export const loader = cameraScreenLoader;
export const action = cameraScreenAction;

export default function CameraSearchScreen() {
  return <IngredientCamera title="Add Ingredients" closeTo="/search" closeLabel="Close, back to Search" />;
}
